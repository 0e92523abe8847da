import sys
print(sys.version_info >= (3, 8), sys.version_info[:2] >= (3, 11), sys.version_info.major, sys.version_info < (4,), tuple(sys.version_info)[:2])
print(sys.maxsize, sys.maxsize == 2 ** 63 - 1, sys.byteorder, sys.maxunicode, sys.version.startswith("3.11"))
print(sys.float_info.max, sys.float_info.epsilon, sys.float_info.dig, sys.float_info.mant_dig, sys.float_info.min)
# ---
import sys
n = sys.stdout.write("partial ")
sys.stdout.write("line\n")
sys.stdout.flush()
print(n, sys.getrecursionlimit() >= 1000, sys.intern("x"), sys.getdefaultencoding())
# ---
import sys
try:
    sys.exit(3)
except SystemExit as e:
    print("exit", e.code)
major, minor, *_ = sys.version_info
print(major, minor == 11)
# ---
import sys
sys.exit("bye")
# raises: SystemExit: bye
