export const subscriberKeys = {
  all: ['subscribers'] as const,
  list: (search: string) => ['subscribers', 'list', search] as const,
};

export const SUBSCRIBERS_URL = '/api/users';
