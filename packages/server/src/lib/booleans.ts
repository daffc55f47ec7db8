/** SQLite and PostgreSQL both store our booleans as 0/1 integers. */
export const toBool = (value: number | bigint | string): boolean => Number(value) === 1;
export const toInt = (value: boolean): number => (value ? 1 : 0);
