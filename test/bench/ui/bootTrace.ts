// Reads a Chrome trace of one page load (taken by test/bench/ui-boot-bench.ts) up to the 'first-rows'
// mark that bootProbe.ts sets: the renderer main thread's busy time, its self time by trace event
// (script, compile, style, layout, paint, GC…), and the sampled CPU profile's self time by
// function, all between the navigation's start and the first rows.

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time (CPU) of a complete event, µs: what a descheduled thread does not add to. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number };
}

export interface BootTrace {
  /** Navigation start to the first-rows mark (ms). */
  windowMs: number;
  /** Main thread: time inside tasks in that window (ms). */
  busyMs: number;
  /** Main thread: CPU time of the tasks that began in that window (ms), unlike busyMs not stretched by other processes. */
  cpuMs: number;
  /** Main thread self time by trace event name (ms), largest first. */
  byEvent: [string, number][];
  /** Main thread self CPU time (thread time) by trace event name (ms), largest first. */
  cpuByEvent: [string, number][];
  /** Sampled self time by function (ms): "name url:line:col", largest first. */
  byFunction: [string, number][];
  /** The same by script file ('(program)', '(garbage collector)', '(idle)' as V8 names them). */
  byScript: [string, number][];
  /** When the load's steps began or ended, from the navigation start (ms): the page's files, the socket's handshake, the module's evaluation. */
  milestones: [string, number][];
}

/** The trace events that mark a step of the load, and how the step is named (its file's name for a request). */
const MILESTONES: Record<string, (event: TraceEvent) => string | null> = {
  ResourceSendRequest: (event) => `request ${fileOf(event)}`,
  ResourceReceiveResponse: (event) => `response ${fileOf(event)}`,
  ResourceFinish: (event) => `finished ${fileOf(event)}`,
  WebSocketCreate: () => 'socket created',
  WebSocketSendHandshakeRequest: () => 'socket handshake sent',
  WebSocketReceiveHandshakeResponse: () => 'socket handshake answered',
};

const requests = new Map<string, string>();
function fileOf(event: TraceEvent): string {
  const data = event.args?.['data'] as { url?: string; requestId?: string } | undefined;
  if (data?.url !== undefined && data.requestId !== undefined) requests.set(data.requestId, data.url);
  const url = data?.url ?? requests.get(data?.requestId ?? '') ?? '?';
  return url.replace(/^.*\//, '').replace(/\?.*$/, '') || '/';
}

const ms = (micros: number) => micros / 1000;

function sorted(map: Map<string, number>): [string, number][] {
  return [...map.entries()].map(([key, value]) => [key, ms(value)] as [string, number]).sort((a, b) => b[1] - a[1]);
}

export function readBootTrace(json: string): BootTrace {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((event) => event.name === 'first-rows' && event.cat.includes('blink.user_timing'));
  if (!mark) throw new Error("the trace has no 'first-rows' mark");
  const navigation = events.filter((event) => event.name === 'navigationStart' && event.pid === mark.pid && event.ts <= mark.ts).sort((a, b) => b.ts - a.ts)[0];
  if (!navigation) throw new Error('the trace has no navigation start before the first rows');
  const main = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.pid === mark.pid && event.args?.['name'] === 'CrRendererMain');
  const tid = main?.tid ?? navigation.tid;
  const from = navigation.ts;
  const to = mark.ts;

  // Complete events of the main thread in the window, nested by time: self = duration less children.
  const complete = events
    .filter(
      (event) => event.pid === mark.pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined && event.ts < to && event.ts + event.dur > from,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const clip = (start: number, end: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));
  const byEvent = new Map<string, number>();
  const cpuByEvent = new Map<string, number>();
  let busy = 0;
  const stack: { event: TraceEvent; end: number; children: number; childrenCpu: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      const self = clip(done.event.ts, done.end) - done.children;
      byEvent.set(done.event.name, (byEvent.get(done.event.name) ?? 0) + Math.max(0, self));
      // Thread time is whole per event: counted for events that began in the window.
      const cpu = done.event.ts >= from ? (done.event.tdur ?? 0) : 0;
      cpuByEvent.set(done.event.name, (cpuByEvent.get(done.event.name) ?? 0) + Math.max(0, cpu - done.childrenCpu));
      const parent = stack[stack.length - 1];
      if (parent) {
        parent.children += clip(done.event.ts, done.end);
        parent.childrenCpu += cpu;
      } else busy += clip(done.event.ts, done.end);
    }
  };
  for (const event of complete) {
    close(event.ts);
    stack.push({ event, end: event.ts + event.dur!, children: 0, childrenCpu: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  // The outermost tasks' thread time (a task cut by the window's end counts whole: at most one).
  let cpu = 0;
  let outerEnd = -1;
  for (const event of complete) {
    if (event.ts < outerEnd || event.ts < from) continue;
    outerEnd = event.ts + event.dur!;
    cpu += event.tdur ?? 0;
  }

  // The sampled profile (Profile + ProfileChunk events of the same id, on the same process).
  const nodes = new Map<number, ProfileNode>();
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  const profiles = events.filter((event) => event.name === 'Profile' && event.pid === mark.pid);
  for (const profile of profiles) {
    let time = (profile.args?.['data'] as { startTime: number }).startTime;
    const chunks = events.filter((event) => event.name === 'ProfileChunk' && event.pid === mark.pid && event.id === profile.id).sort((a, b) => a.ts - b.ts);
    const samples: { node: number; at: number }[] = [];
    for (const chunk of chunks) {
      const data = chunk.args?.['data'] as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      ids.forEach((node, index) => {
        time += deltas[index] ?? 0;
        samples.push({ node, at: time });
      });
    }
    for (let index = 0; index + 1 < samples.length; index += 1) {
      const sample = samples[index]!;
      const length = clip(sample.at, samples[index + 1]!.at);
      if (length <= 0) continue;
      const frame = nodes.get(sample.node)?.callFrame;
      if (!frame) continue;
      // The trace leaves out a frame's empty fields (no url for V8's own '(program)', '(idle)'…).
      const url = frame.url ?? '';
      const functionName = frame.functionName ?? '';
      const script = url === '' ? functionName : url.replace(/^.*\//, '');
      const name = url === '' ? functionName : `${functionName || '(anonymous)'} ${script}:${(frame.lineNumber ?? 0) + 1}:${(frame.columnNumber ?? 0) + 1}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + length);
      byScript.set(script, (byScript.get(script) ?? 0) + length);
    }
  }
  const milestones: [string, number][] = [];
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    const name = MILESTONES[event.name]?.(event);
    if (name && event.ts >= from && event.ts <= to && !milestones.some(([other]) => other === name)) milestones.push([name, ms(event.ts - from)]);
  }
  const evaluation = complete.find((event) => event.name === 'v8.evaluateModule');
  if (evaluation) milestones.push(['module evaluated', ms(evaluation.ts + evaluation.dur! - from)]);
  milestones.sort((a, b) => a[1] - b[1]);
  return {
    milestones,
    windowMs: ms(to - from),
    busyMs: ms(busy),
    cpuMs: ms(cpu),
    byEvent: sorted(byEvent),
    cpuByEvent: sorted(cpuByEvent),
    byFunction: sorted(byFunction),
    byScript: sorted(byScript),
  };
}
