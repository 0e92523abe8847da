w = 10 ** 10
s = f'{"a":>{w}}'
# limit: memory
