import time
t0 = time.time()
m0 = time.monotonic()
p0 = time.perf_counter()
time.sleep(0.01)
print(time.time() >= t0, time.monotonic() - m0 >= 0.009, time.perf_counter() > p0, type(time.time_ns()).__name__, time.monotonic_ns() > 0)
# ---
import time
time.sleep(-1)
# raises: ValueError: sleep length must be non-negative
# ---
import time
start = time.perf_counter()
total = sum(range(1000))
elapsed = time.perf_counter() - start
print(total, elapsed >= 0, isinstance(elapsed, float))
# ---
import time
time.sleep(0)
print(time.time() > 1.7e9, time.process_time() >= 0)
# ---
import time
t = time.gmtime(1700000000)
print(t, t.tm_year, t.tm_yday, t[0:3], time.strftime("%Y-%m-%dT%H:%M:%SZ", t), time.asctime(t))
# ---
import time
print(time.strftime("%d %B %Y, %I:%M %p", (2024, 7, 4, 15, 30, 0, 3, 186, 0)), time.gmtime(0).tm_wday, list(time.gmtime(86399)))
# ---
import time
time.strftime("%Y", "x")
# raises: TypeError: Tuple or struct_time argument required
