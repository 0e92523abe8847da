await fail("plain failure")
# raises: ToolError: plain failure
# ---
try:
    await fail("caught failure")
except ToolError as e:
    print(type(e).__name__, e, e.args)
# ---
try:
    await get_user(77)
except Exception as e:
    print(isinstance(e, Exception), e)
# ---
await get_user(5)
# raises: ToolError: user 5 not found
# ---
async def wrapper():
    try:
        return await fail("inner")
    except ToolError as e:
        raise ValueError(f"wrapped: {e}") from e
try:
    await wrapper()
except ValueError as e:
    print(e, "| cause:", type(e.__cause__).__name__, e.__cause__)
# ---
results = []
for uid in [1, 9, 2]:
    try:
        u = await get_user(uid)
        results.append(u["name"])
    except ToolError as e:
        results.append(f"missing({e})")
results
# ---
async def boom():
    raise RuntimeError("coroutine failed")
await boom()
# raises: RuntimeError: coroutine failed
# ---
x = await slow(1)
{}["no"]
# raises: KeyError: 'no'
# ---
v = await slow([1, 2])
v[5]
# raises: IndexError: list index out of range
# ---
try:
    await fail("first")
except ToolError:
    try:
        await fail("second")
    except ToolError as e:
        print(e, "| context:", e.__context__)
# ---
async def cleanup():
    try:
        await fail("during work")
    finally:
        print("finally ran:", await slow("cleanup-call", 0))
try:
    await cleanup()
except ToolError as e:
    print("then", e)
# ---
class Retry(Exception):
    pass
state = {"attempts": 0}
async def flaky():
    state["attempts"] += 1
    if state["attempts"] < 3:
        raise Retry(f"attempt {state['attempts']}")
    return await slow("ok", 0)
r = None
while r is None:
    try:
        r = await flaky()
    except Retry as e:
        print("retrying after", e)
print(r, state)
# ---
v = await add(1, 2)
print(v)
v + "x"
# raises: TypeError: unsupported operand type(s) for +: 'int' and 'str'
# ---
errs = []
for msg in ["a", "b"]:
    try:
        await fail(msg)
    except ToolError as e:
        errs.append(str(e))
", ".join(errs)
# ---
print(issubclass(ToolError, Exception))
try:
    await fail("x")
except Exception as e:
    print("generic handler", repr(e))
