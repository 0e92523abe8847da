import logging, sys
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", force=True)
log = logging.getLogger("app.db")
log.debug("hidden")
log.info("connected to %s:%d", "db", 5432)
log.warning("slow query %.1fs", 2.5)
logging.getLogger("app").setLevel(logging.ERROR)
log.warning("now hidden")
log.error("failed: %s", {"code": 7})
h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("[{levelname}] {message}", style="{"))
other = logging.getLogger("other")
other.propagate = False
other.addHandler(h)
other.warning("braces %s", "ok")
print(logging.getLevelName(20), logging.getLevelName("ERROR"), log.getEffectiveLevel(), log.isEnabledFor(logging.CRITICAL), logging.getLogger("app.db") is log, log.parent.name)
print(repr(logging.getLogger()), repr(log))
# ---
import logging, sys
logger = logging.getLogger("svc")
logger.setLevel(logging.DEBUG)
handler = logging.StreamHandler(sys.stdout)
handler.setLevel(logging.INFO)
handler.setFormatter(logging.Formatter("%(name)s|%(levelname)-8s|%(message)s"))
logger.addHandler(handler)
logger.debug("not shown by the handler")
logger.info("items=%d", 3)
logger.critical("down")
logger.log(25, "custom level")
logging.addLevelName(25, "NOTICE")
logger.log(25, "named level")
child = logger.getChild("worker")
child.info("from child %s", child.name)
print(logger.hasHandlers(), child.hasHandlers(), len(logger.handlers))
# ---
import logging, sys
logging.basicConfig(stream=sys.stdout, format="$levelname - $message", style="$", level="DEBUG", force=True)
logging.debug("dollar %s", "style")
logging.info("%(a)s and %(b)s", {"a": 1, "b": 2})
logging.disable(logging.INFO)
logging.info("disabled")
logging.warning("still on")
logging.disable(logging.NOTSET)
# ---
import logging
logging.getLogger().setLevel("LOUD")
# raises: ValueError: Unknown level: 'LOUD'
# ---
import logging, sys
print(logging.NOTSET, logging.DEBUG, logging.INFO, logging.WARNING, logging.WARN, logging.ERROR, logging.CRITICAL, logging.FATAL)
print([logging.getLevelName(x) for x in (0, 10, 50, "FATAL", "WARN", "INFO", 33, "nope", None)])
logging.addLevelName(33, "THIRTY3")
print(logging.getLevelName(33), logging.getLevelName("THIRTY3"))
lg = logging.getLogger("lvl.a.b")
logging.getLogger("lvl").setLevel("ERROR")
print(lg.getEffectiveLevel(), logging.getLogger("lvl.a").getEffectiveLevel())
logging.getLogger("lvl.a").setLevel(15)
print(lg.getEffectiveLevel(), lg.isEnabledFor(15), lg.isEnabledFor(14))
for bad in ("LOUD", 2.5, None):
    try:
        lg.setLevel(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
fresh = logging.Logger("fresh")
print(fresh.name, fresh.parent, fresh.handlers, fresh.filters, fresh.propagate, fresh.disabled, fresh.level, fresh.getEffectiveLevel())
# ---
import logging, sys
class ShortExc(logging.Formatter):
    def formatException(self, ei):
        calls.append(1)
        return "EXC<%s: %s>" % (ei[0].__name__, ei[1])
calls = []
out = logging.getLogger("fmt")
out.propagate = False
for fmt in ("%(message)s", "%(message)s\n"):
    for h in list(out.handlers):
        out.removeHandler(h)
    for _ in range(2):
        h = logging.StreamHandler(sys.stdout)
        h.setFormatter(ShortExc(fmt))
        out.addHandler(h)
    try:
        {}["k"]
    except KeyError:
        out.exception("failed %d", 1)
    out.error("no traceback")
print(calls)
f = logging.Formatter("%(message)s")
r = logging.LogRecord("n", logging.ERROR, "p", 1, "", (), None)
r.exc_text = "given text"
print(repr(f.format(r)))
r2 = logging.LogRecord("n", logging.ERROR, "p", 1, "msg %s", ("x",), None)
print(repr(f.format(r2)), r2.message, r2.exc_text)
