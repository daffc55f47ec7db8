export const landingKeys = {
  publicConfig: ['public-config'] as const,
};

export const PUBLIC_CONFIG_URL = '/api/config';
