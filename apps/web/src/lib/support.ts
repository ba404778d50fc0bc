/**
 * The support contact of the no-licence reminder (spec §2, §6: contact, QR image and a link to
 * /purchase). A deployment sets its own at build time (VITE_SUPPORT_EMAIL); the QR code encodes
 * a mailto: link to it.
 */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@medx-workbench.local';
