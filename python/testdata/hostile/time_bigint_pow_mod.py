# Issue 15: pow(3, 2**40000-1, 2**40000+1) with a 2 s timeout returned after
# 23 s: math/big's Exp does the whole exponentiation in one call.
pow(3, 2**40000 - 1, 2**40000 + 1)
# limit: time
# ---
# A modulus near the int size limit: math/big's Montgomery multiplication
# is quadratic in it, so even one step took seconds.
m = (1 << 4000000) + 12345
pow(m - 2, 2**64 + 1, m)
# limit: time
