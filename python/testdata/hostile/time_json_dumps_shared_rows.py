# One row shared by every slot: a small list that dumps as millions of
# values, each encoded in Go without a tick until the output hit the
# memory limit seconds later.
import json
row = [0] * 1000
json.dumps([row] * 30000)
# limit: time
