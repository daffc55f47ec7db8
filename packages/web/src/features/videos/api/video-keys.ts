export const videoKeys = {
  all: ['videos'] as const,
  mine: (search: string) => ['videos', 'mine', search] as const,
  everyone: ['videos', 'everyone'] as const,
  featured: ['videos', 'featured'] as const,
  everyoneList: (search: string) => ['videos', 'everyone', search] as const,
  one: (id: string) => ['videos', 'one', id] as const,
};

export const VIDEOS_URL = '/api/videos';
export const MY_VIDEOS_URL = `${VIDEOS_URL}/mine`;
