/** `load` of a registered window whose content arrives in a later issue: the translated empty shell. */
export const loadPlaceholderWindow = () => import('./SlotWindowShell').then((m) => ({ default: m.SlotWindowShell }));
