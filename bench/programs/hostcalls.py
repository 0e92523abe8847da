# Many small host calls: sequential awaits and gathered batches.
import asyncio
total = 0
for i in range(1000):
    r = await lookup(i)
    total += r["v"]
for batch in range(20):
    rs = await asyncio.gather(*[lookup(batch * 50 + j) for j in range(50)])
    total += sum(r["v"] for r in rs)
return total
