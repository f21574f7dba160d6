// Loaded with NODE_OPTIONS=--import (node 20 refuses --cpu-prof there): profiles the whole process with the
// inspector and writes <BENCH_PROFILE_DIR>/<entry>-<pid>.cpuprofile when it exits. With BENCH_HEAP_PROFILE=1 it
// also samples allocations (one sample per 32 KiB allocated) into <entry>-<pid>.heapprofile: who makes the garbage.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  const heap = process.env.BENCH_HEAP_PROFILE === '1';
  // Objects collected since count too (the young generation's garbage is what this looks for).
  if (heap)
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 32_768,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  const entry = path.basename(process.argv[1] ?? 'node').replace(/\.[cm]?[jt]s$/, '');
  const label = `${path.basename(path.dirname(path.dirname(process.argv[1] ?? '')))}-${entry}`;
  let written = false;
  const write = (done) => {
    if (written) return done();
    written = true;
    session.post('Profiler.stop', (error, result) => {
      if (!error) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${label}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      }
      if (!heap) return done();
      session.post('HeapProfiler.stopSampling', (heapError, heapResult) => {
        if (!heapError) writeFileSync(path.join(dir, `${label}-${process.pid}.heapprofile`), JSON.stringify(heapResult.profile));
        done();
      });
    });
  };
  // The inspector answers asynchronously, so the profile is taken before process.exit really exits.
  const exit = process.exit.bind(process);
  process.exit = (code) => write(() => exit(code));
  process.on('beforeExit', () => write(() => {}));
}
