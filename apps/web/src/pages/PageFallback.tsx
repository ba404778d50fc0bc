import './page-fallback.css';

/** Shown while a lazily loaded page arrives (plain CSS: it shows before antd has loaded). */
export function PageFallback() {
  return (
    <div className="medx-page-fallback" role="progressbar" aria-busy="true">
      <span className="medx-page-fallback-spinner" />
    </div>
  );
}
