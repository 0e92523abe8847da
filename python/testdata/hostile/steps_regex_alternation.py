import re
re.match("(a|aa)+$", "a" * 5000 + "b")
# limit: steps|time|memory
