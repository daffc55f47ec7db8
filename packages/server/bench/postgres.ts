import pg from 'pg';

async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the empty database `name` on the cluster and answers its URL. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  await onDatabase(clusterUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server's version, as `16.4` (Debian's build). */
export async function postgresVersion(url: string): Promise<string> {
  const { rows } = await onDatabase(url, (client) =>
    client.query<{ server_version: string }>('show server_version'),
  );
  return rows[0]!.server_version.split(' ')[0]!;
}
