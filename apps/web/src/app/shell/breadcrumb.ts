/** Spec §2 header: the current page's breadcrumb label; any other path is labelled Share. */
export function breadcrumbKey(pathname: string): string {
  // The admin panel's sections live under it (/admin/messages…).
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'breadcrumb.admin';
  switch (pathname) {
    case '/':
      return 'breadcrumb.workspace';
    case '/project':
      return 'breadcrumb.projectList';
    case '/shop':
      return 'breadcrumb.apps';
    case '/userCenter':
      return 'breadcrumb.user';
    case '/purchase':
      return 'breadcrumb.purchase';
    case '/tool-builder':
      return 'toolBuilder:breadcrumb';
    default:
      return 'breadcrumb.share';
  }
}
