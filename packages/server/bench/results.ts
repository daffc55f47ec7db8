import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where `npm run bench` writes its figures; the README links it. */
export const RESULTS_FILE = path.resolve(import.meta.dirname, '../../../bench/results.md');

export type Row = Record<string, string | number>;

export function markdownTable(rows: readonly Row[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  const line = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line(columns),
    line(columns.map(() => '---')),
    ...rows.map((row) => line(columns.map((column) => row[column] ?? ''))),
  ].join('\n');
}

function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'inconnu';
  const memory = Math.round(os.totalmem() / 1024 ** 3);
  return `Machine : ${os.availableParallelism()} cœurs (${cpu}), ${memory} Gio, Node ${process.version}, ${os.platform()} ${os.release()}.`;
}

/**
 * Replaces one section of bench/results.md (between its markers) and keeps the others, so
 * `npm run bench -- lighthouse` adds its figures beside the last server run's.
 */
export function writeSection(id: string, title: string, body: string): void {
  const start = `<!-- ${id} -->`;
  const end = `<!-- /${id} -->`;
  const section = `${start}\n## ${title}\n\n_Mesuré le ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${machine()}_\n\n${body.trim()}\n${end}`;
  const header =
    '# Mesures\n\nÉcrit par `npm run bench` : chaque opération à côté du plancher de la machine, mesuré dans la même exécution. Des chiffres, pas des assertions.\n';
  let text = fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, 'utf8') : header;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${section}\n`;
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, text);
  console.log(`\n${title}\n${body}`);
}
