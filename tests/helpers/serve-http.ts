// The URL a spawned `mdkg serve --http 127.0.0.1:0` prints once it listens (its stderr line), or the
// exit that came first with what it wrote.
import type { ChildProcess } from 'node:child_process';

export function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(err);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`mdkg serve exited with ${code}: ${err}`)));
  });
}
