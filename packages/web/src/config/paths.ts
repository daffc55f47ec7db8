/** Every route of spec section 2, in one place. */
export const paths = {
  landing: '/',
  login: '/login',
  dashboard: '/dashboard',
  videos: '/videos',
  allVideos: '/allvideos',
  addVideo: '/addvideo',
  discounts: '/discounts',
  addDiscount: '/adddiscount',
  users: '/users',
  creators: '/creators',
  pageSettings: '/pagesettings',
  privacy: '/privacy',
  terms: '/cgv',
} as const;
