// What the native build says about a capture: `bvhscope positions`, `info` and `check`, run as
// a user would run them, for the page's answers to be compared with.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

function run(bvhscope, args, cwd) {
  const result = spawnSync(bvhscope, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.error) {
    throw new Error(`${bvhscope} ${args.join(' ')}: ${result.error.message}`);
  }
  return result;
}

// Per frame, [[joint, x, y, z], ...] in file order, from the CSV "frame,joint,x,y,z".
export function nativePositions(bvhscope, file) {
  const result = run(bvhscope, ['positions', file]);
  if (result.status !== 0) {
    throw new Error(`bvhscope positions ${file} exited ${result.status}: ${result.stderr}`);
  }
  const frames = [];
  for (const line of result.stdout.split('\n').slice(1)) {
    if (line === '') {
      continue;
    }
    // Joint names in the test captures hold no comma or quote, so no RFC 4180 quoting.
    const [frame, joint, x, y, z] = line.split(',');
    (frames[Number(frame)] ??= []).push([joint, Number(x), Number(y), Number(z)]);
  }
  return frames;
}

// {joints, frames} from `bvhscope info` ("joints:  15 (+5 end sites)", "frames:  9 present").
export function nativeCounts(bvhscope, file) {
  const { stdout } = run(bvhscope, ['info', file]);
  const joints = Number(/^\s*joints:\s*(\d+)/m.exec(stdout)?.[1]);
  const frames = Number(/^\s*frames:\s*(\d+)/m.exec(stdout)?.[1]);
  return { joints, frames };
}

// The "NAME:LINE:COL: error|warning: ..." lines `bvhscope check NAME` prints, run in the
// capture's folder so that the name is the file name alone, as the page names it.
export function nativeCheckLines(bvhscope, file) {
  const { stdout, stderr } = run(bvhscope, ['check', path.basename(file)], path.dirname(file));
  const diagnostic = /^[^:]+:\d+:\d+: (error|warning): /;
  return `${stdout}\n${stderr}`.split('\n').filter((line) => diagnostic.test(line));
}

// CPU seconds (user + system) of the children this process has waited for, from /proc (in
// 10 ms ticks).
function waitedChildrenCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100; // cutime, cstime in USER_HZ
}

// {wallSeconds, cpuSeconds} of one `bvhscope check FILE` (the parse the page's load times are
// compared with); cpuSeconds NaN without /proc.
export function nativeCheckTimes(bvhscope, file) {
  let cpuBefore = NaN;
  try {
    cpuBefore = waitedChildrenCpuSeconds();
  } catch {
    // no /proc: wall time alone
  }
  const started = process.hrtime.bigint();
  run(bvhscope, ['check', file]);
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuSeconds = Number.isNaN(cpuBefore) ? NaN : waitedChildrenCpuSeconds() - cpuBefore;
  return { wallSeconds, cpuSeconds };
}
