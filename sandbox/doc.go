// Package sandbox runs snippets of the embedded interpreter in worker
// processes, so that whatever a snippet does to the interpreter (a Go
// stack overflow, a fatal concurrent map write, running out of memory:
// failures no Go program recovers from) costs one run, never the server,
// another session or the credentials the server holds.
//
// # Processes
//
// A worker is this executable run again with the hidden verb WorkerArg
// (`toolplane __sandbox-worker`; an embedding program calls
// toolplane.SandboxWorkerMain first in main). The host keeps the
// capability registry, the dispatch chain, credentials and upstream
// connections; a worker has only its stdin and stdout, the bridge.
//
// Each client session is pinned to a worker of its own, where its globals
// live between runs; a one-off run gets a fresh worker that is discarded
// afterwards. One session per worker, not several: a crash then resets
// only the session that caused it, a worker subverted down to its Go code
// can see no other client's globals (sessions of different tokens never
// share an address space), and the session memory cap doubles as the
// worker's address-space limit. A worker costs about 40 MiB resident,
// idle or after typical runs (measured on linux/amd64): a session is
// charged it (WorkerBytes) in its size, so the session memory budgets
// ([session] max_retained_mb and max_retained_mb_per_token) bound the
// workers as well as the session caps. Prestarted idle workers keep a
// new session's first run from waiting for a process start, and a worker
// warms up before it greets the host, so its first runs do not pay a
// fresh process's costs either: a representative snippet run (WarmFunc:
// the CLI bindings compiled, the interpreter's code paged in) and the
// pages its heap grows into faulted in (16 MiB, which a session's first
// few hundred runs otherwise took from the kernel one fault at a time),
// beyond them half its Go memory limit of heap mapped in transparent huge
// pages, untouched until a run grows into it (one fault per 2 MiB).
//
// A worker runs with GOMAXPROCS 1: it runs one snippet at a time, a run
// handed from the bridge's reader to its one run goroutine then stays on
// the same thread (no other thread woken per run), and a session keeps to
// one core, collector included. The bridge is read through a buffer, one
// system call per frame rather than two.
//
// # Confinement
//
// A worker starts with an empty environment (TZ excepted), descriptors 0-2
// only (it closes any other it inherited), a private empty working
// directory, and PR_SET_NO_NEW_PRIVS. On Linux:
//
//   - Landlock: the host forks workers from one OS thread of its own that
//     it confines first, since Landlock before ABI 8 binds only the calling
//     thread and a child inherits the domain of the thread that forked it;
//     after execve every thread of the worker is in it. The worker may
//     execute and read its own binary and the shared libraries (to start),
//     and nothing else: no file read, written or created, no TCP bind or
//     connect, no abstract unix socket outside the domain.
//   - seccomp: the worker loads an allowlist of the system calls the Go
//     runtime needs (memory, threads, signals within the process, the
//     poller, the pipes it has), synchronised to all its threads; open,
//     socket, connect, execve, fork, kill, ptrace and everything else fail
//     with EPERM, clone makes threads only and tgkill signals only itself.
//   - rlimits: address space (the session memory cap plus
//     AddressHeadroom: an idle Go worker maps about 1.5 GiB of address
//     space, nearly all reserved and untouched), CPU time, no file size,
//     no core dumps, 16 descriptors.
//   - PR_SET_PDEATHSIG: a worker is killed when the host's spawning thread
//     ends, so none outlives the server, even one that crashed.
//   - threads: where the host may make cgroups (root with a cgroup v1
//     pids hierarchy, or a v2 hierarchy with the pids controller
//     delegated), each worker is in a cgroup of its own whose pids.max is
//     MaxWorkerThreads, before it is sent a run: the kernel refuses the
//     thread past it, however fast the worker makes them. Elsewhere the
//     watch below is all, and doctor and serve's log say so.
//   - the host's watch: what the kernel counts of a worker's threads and
//     resident memory (/proc/PID/stat, every 50 ms), since no rlimit bounds
//     either per process (RLIMIT_NPROC counts the whole user and never
//     binds root; RLIMIT_AS must leave the Go runtime's reservations): a
//     worker past MaxWorkerThreads threads, or its Go memory limit plus
//     RSSHeadroom resident, is killed and its run fails naming the limit.
//     The size a worker reports of its session's globals, which the
//     session budgets are charged, is held against the same measure: a
//     worker idle for a few seconds, or answering a run the host asked to
//     settle (one in settleEvery: it gives its garbage back first), that
//     holds more than 3 times its report plus 152 MiB (idleRSSBound; one
//     that runs our code has given its garbage back by then) has its
//     session charged what it holds until the host looks again, so a
//     worker that understates its globals cannot hold memory outside the
//     budgets, however often its session runs. It is not killed: an honest worker whose heap keeps a
//     few survivors of a large run spread over many pages holds as much.
//
// `toolplane doctor` starts a worker and lists which measures are in
// force on the host, and why not for the others; a measure not in force is
// also said once when the pool's first worker greets (Options.Warn: serve's
// log), since workers then run without it.
//
// # The bridge
//
// Messages are length-prefixed frames (wire.go) of at most MaxFrameBytes.
// The host treats every frame from a worker as hostile: lengths are
// checked before anything is allocated, values nest at most 256 deep and
// hold only plain data, strings must be UTF-8, and a frame that breaks the
// protocol kills the worker. A worker asks for a host function by name; a
// name the run did not bind kills it (its stubs are made from the bound
// names, so it no longer runs our code), and every
// call it makes passes the host's dispatch chain with the run's subject,
// so a subverted worker can reach only what admission lets its session
// call. The host counts calls, calls in flight and printed bytes itself,
// answers a refused call from its run loop (never a goroutine per call, so
// a worker that sends calls and reads no reply holds nothing but its
// pipe), and bounds what one message's values cost once decoded
// (MaxValueCost; a worker refuses to send more, with an error that says
// so), what the arguments of a run's calls in flight cost together (a
// string the worker passes to many calls at once is a copy per call in
// the host) and how many global names a result lists.
//
// The host enforces each run's deadline: at the deadline it asks the
// worker to stop, and kills it Options.Grace later if it has not (an
// interpreter hung in Go code cannot stop itself). A worker that dies is
// replaced; a run whose request it died without reading (still whole in
// its pipe: a spare killed just after it was handed the run) goes to a
// fresh worker, once, since nothing of it ran; any other run it was
// serving gets "the sandbox process crashed: WHY;
// the session was reset", with WHY taken from the Go runtime's last words
// on the worker's stderr, and the session's next run starts fresh and says
// so.
package sandbox
