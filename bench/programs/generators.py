# Generator pipelines: yield, yield from, generator expressions feeding builtins.
def numbers(n):
    for i in range(n):
        yield i

def evens(src):
    for x in src:
        if x % 2 == 0:
            yield x

def chunks(src, size):
    buf = []
    for x in src:
        buf.append(x)
        if len(buf) == size:
            yield buf
            buf = []
    if buf:
        yield buf

def chain(*gens):
    for g in gens:
        yield from g

total = 0
for chunk in chunks(evens(numbers(400000)), 64):
    total += sum(chunk)
mixed = sum(chain(numbers(50000), (x * 2 for x in range(50000))))
return total, mixed, max(x % 1000 for x in numbers(100000))
