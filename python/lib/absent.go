package lib

import (
	"github.com/toolplane/toolplane/python/vm"
)

// absentReason explains, in every "No module named" error of an absent module, why the
// sandbox lacks it and what to do instead.
const absentReason = "the embedded sandbox has no filesystem, network, processes or native extensions; call a capability instead, e.g. await call_tool(...)"

// Absent returns the modules that CPython (or a common third-party install) provides and
// the embedded interpreter deliberately does not: everything that reaches the
// filesystem, the network, processes, threads, the interpreter's internals or native
// code,. Importing one raises ModuleNotFoundError naming the module and saying what
// to do instead.
func Absent() []string {
	return []string{
		// filesystem and operating system
		"os", "os.path", "shutil", "glob", "tempfile", "fileinput",
		"stat", "filecmp", "posix", "nt", "pwd", "grp", "resource", "fcntl", "mmap", "platform",
		"sqlite3", "dbm", "shelve", "pickle", "marshal", "zipfile", "tarfile", "gzip", "bz2", "lzma", "zlib",
		"configparser", "logging.handlers", "locale", "gettext",
		// processes, threads, signals
		"subprocess", "multiprocessing", "threading", "concurrent", "concurrent.futures", "signal",
		"sched", "atexit", "_thread",
		// network
		"socket", "ssl", "select", "selectors", "http", "http.client", "http.server", "urllib.request",
		"urllib.error", "ftplib", "smtplib", "poplib", "imaplib", "telnetlib", "socketserver",
		"xmlrpc", "email", "mailbox", "webbrowser", "requests", "httpx", "aiohttp", "urllib3",
		// interpreter internals and native code
		"ctypes", "importlib", "inspect", "gc", "code", "codeop", "dis", "ast",
		"contextvars", "tracemalloc", "pdb", "unittest.mock", "doctest", "timeit", "cProfile", "profile",
		"site", "sysconfig", "runpy", "pkgutil", "getpass",
		// popular third-party packages
		"numpy", "pandas", "yaml", "bs4", "lxml", "xml", "xml.etree", "xml.etree.ElementTree",
		"xml.dom", "xml.dom.minidom", "dateutil", "pytz", "pydantic",
	}
}

// absentHint adds what to use instead for absent modules that have a pure part.
func absentHint(name string) string {
	switch name {
	case "os", "os.path":
		return "; for path strings use posixpath or pathlib.PurePosixPath"
	}
	return ""
}

// absentModule is the builder of an absent module: importing it fails.
func absentModule(name string) vm.ModuleFunc {
	why := absentReason + absentHint(name)
	return func(t *vm.Thread) (*vm.Module, error) {
		return nil, vm.Errorf(vm.ModuleNotFoundErrorClass, "No module named '%s' (%s)", name, why)
	}
}
