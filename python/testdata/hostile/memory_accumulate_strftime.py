import datetime
keep = []
d = datetime.datetime(2020, 1, 1)
for _ in range(1000):
    keep.append(d.strftime("%1024Y" * 10 ** 3))
# limit: memory
