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
