/** A bad environment variable: the message names the variable and says why, on one line. */
export class ConfigError extends Error {}
