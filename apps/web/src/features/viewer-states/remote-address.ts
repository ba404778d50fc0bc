/** The address value the right-click on a remote state opens (viewer spec §2): the state's get address. */
export const SNAPSHOT_URL_PARAM = 'snapshot-url';
