# Complex numbers are charged like floats: millions of them kept alive must
# reach the memory limit, not escape it.
keep = []
i = 0
while True:
    keep.append(complex(i, -i))
    i += 1
# limit: memory|steps
