# Call-site errors name a method of a builtin type by its qualified name
# (list.sort), as __qualname__ does.

def run(f):
    try:
        return repr(f())
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)

print(run(lambda: [3, 1].sort(reverse=True, **{'reverse': False})))
print(run(lambda: {}.setdefault(**[])))
print(run(lambda: 'ab'.split(*5)))
print(run(lambda: len(*5)))
print([].append.__qualname__, 'x'.strip.__qualname__, max.__qualname__)
