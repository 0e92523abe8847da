from array import array
a = array('d')
a.extend(range(10 ** 8))
# limit: memory
