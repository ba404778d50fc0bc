import { lazy, Suspense, useState } from 'react';
import { useLicencePopup } from '../../lib/licence-popup';

const NoLicenceModal = lazy(() =>
  import('../../pages/billing/NoLicenceModal').then((m) => ({ default: m.NoLicenceModal })),
);

/**
 * The app's one no-licence popup (lib/licence-popup). Most sessions never see it, so its code
 * (the QR code with it) loads the first time it opens, and stays for the next times.
 */
export function LicencePopupMount() {
  const { open } = useLicencePopup();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NoLicenceModal />
    </Suspense>
  );
}
