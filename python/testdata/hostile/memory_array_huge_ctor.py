from array import array
a = array('Q', bytes(10 ** 7))
b = array('Q', a)
c = array('Q', b.tobytes() * 100)
# limit: memory
