/** Every route of spec section 2 and the edit pages, in one place. */
export const paths = {
  landing: '/',
  login: '/login',
  dashboard: '/dashboard',
  videos: '/videos',
  allVideos: '/allvideos',
  featured: '/featured',
  comments: '/comments',
  addVideo: '/addvideo',
  discounts: '/discounts',
  addDiscount: '/adddiscount',
  editVideo: '/videos/:id',
  editDiscount: '/discounts/:id',
  users: '/users',
  creators: '/creators',
  pageSettings: '/pagesettings',
  myAccount: '/account',
  journal: '/journal',
  privacy: '/privacy',
  terms: '/cgv',
} as const;

/** The address of one item's page, from its route's pattern ('/videos/:id'). */
export function pathOf(pattern: string, id: string): string {
  return pattern.replace(':id', encodeURIComponent(id));
}
