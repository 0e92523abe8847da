import re
re.match('(a+)+$', 'a' * 40 + 'b')
# limit: steps|time
