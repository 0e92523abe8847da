// The Deno side of toolplane's pyodide-deno backend. Deno runs this module
// with read access to the Pyodide install only (plus any grants the
// operator configured), so the snippet has no files or network of the host.
//
//   args: PYODIDE_DIR SNAPSHOT MODE
//   MODE "run":      stdin and stdout carry the runner's line protocol; the
//                    first stdin line is the init message (with the runner's
//                    Python source in "runner"); the snippet's prints leave
//                    as {"stdout": text} and {"stderr": text} lines.
//   MODE "session":  as "run", but after each done line the next init line
//                    starts another run in the same interpreter, with the
//                    globals the earlier runs left (the runner's source is
//                    taken from the first init line).
//   MODE "snapshot": boots Pyodide, imports what the runner needs and writes
//                    a memory snapshot to SNAPSHOT, so later runs skip the
//                    interpreter's start-up.
//
// In run mode SNAPSHOT may be "" (boot from scratch: slower, same result).

const [dir, snapshotPath, mode] = Deno.args;
const encoder = new TextEncoder();

function writeAll(data) {
  let off = 0;
  while (off < data.length) {
    off += Deno.stdout.writeSync(data.subarray(off));
  }
}

function writeLine(line) {
  writeAll(encoder.encode(line + "\n"));
}

async function* lines(readable) {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of readable) {
    pending += decoder.decode(chunk, { stream: true });
    let nl;
    while ((nl = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, nl);
      pending = pending.slice(nl + 1);
    }
  }
  if (pending !== "") {
    yield pending;
  }
}

// RUNNER_IMPORTS are the modules the runner imports; a snapshot taken after
// importing them makes a run's start-up a memory copy.
const RUNNER_IMPORTS = "import ast, asyncio, builtins, json, linecache, sys, traceback, types";

const { loadPyodide } = await import(new URL("file://" + dir + "/pyodide.mjs").href);

if (mode === "snapshot") {
  const py = await loadPyodide({ indexURL: dir + "/", _makeSnapshot: true });
  py.runPython(RUNNER_IMPORTS);
  await Deno.writeFile(snapshotPath, py.makeMemorySnapshot());
  Deno.exit(0);
}

const input = lines(Deno.stdin.readable);
const first = await input.next();
if (first.done) {
  Deno.exit(2);
}
const init = JSON.parse(first.value);

const options = { indexURL: dir + "/" };
if (snapshotPath) {
  options._loadSnapshot = Deno.readFile(snapshotPath);
}
const py = await loadPyodide(options);

function outputStream(key) {
  const decoder = new TextDecoder();
  return {
    write(buf) {
      const text = decoder.decode(buf, { stream: true });
      if (text !== "") {
        writeLine(JSON.stringify({ [key]: text }));
      }
      return buf.length;
    },
  };
}
py.setStdout(outputStream("stdout"));
py.setStderr(outputStream("stderr"));

let deliver = null;
// routeLine, when set (session mode), takes every line.
let routeLine = null;
const early = [];
(async () => {
  for await (const line of input) {
    if (line.trim() === "") continue;
    if (routeLine) routeLine(line);
    else if (deliver) deliver(line);
    else early.push(line);
  }
  if (mode === "session") Deno.exit(0); // the host closed the session
})();
function register(fn) {
  deliver = fn;
  for (const line of early.splice(0)) fn(line);
}

py.globals.set("_toolplane_runner_source", init.runner);
py.runPython('exec(compile(_toolplane_runner_source, "<toolplane-runner>", "exec"), globals())');

if (mode === "session") {
  // Lines with "code" start runs; the others are replies to host calls.
  const inits = [first.value];
  let wake = null;
  deliver = null;
  const session = py.globals.get("PyodideSession")((line) => writeLine(line), (fn) => {
    deliver = fn;
  });
  const route = (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (msg && typeof msg === "object" && "code" in msg) {
      inits.push(line);
      if (wake) {
        const w = wake;
        wake = null;
        w();
      }
    } else if (deliver) {
      deliver(line);
    }
  };
  for (const line of early.splice(0)) route(line);
  routeLine = route;
  for (;;) {
    while (inits.length === 0) {
      await new Promise((resolve) => (wake = resolve));
    }
    const next = inits.shift();
    writeLine(await session.run(next));
  }
}

const main = py.globals.get("main_pyodide");
const done = await main((line) => writeLine(line), JSON.stringify(init), register);
writeLine(done);
Deno.exit(0);
