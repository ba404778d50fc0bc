const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** True for phone and tablet user agents (spec §1: a notice is given for mobile devices). */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}
