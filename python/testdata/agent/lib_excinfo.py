import sys
results = []
for item in [1, "x", None]:
    try:
        results.append(10 / item)
    except Exception:
        etype, value, tb = sys.exc_info()
        results.append(f"{etype.__name__}: {value}")
print(results, sys.exc_info())
# ---
import sys, traceback
async def risky(n):
    if n % 2:
        raise ValueError(f"odd {n}")
    return await add(n, 1)
out = []
for n in range(3):
    try:
        out.append(await risky(n))
    except ValueError:
        out.append(traceback.format_exception_only(*sys.exc_info()[:2])[-1].strip())
out
# ---
import sys
try:
    await fail("boom")
except Exception as e:
    print(sys.exc_info()[1] is e, sys.exception() is e, type(e).__name__)
# ---
import traceback
try:
    user = await get_user(1)
    int(user["name"])
except Exception as e:
    print(traceback.format_exc().splitlines()[-1])
    print("".join(traceback.format_exception_only(e)).strip())
