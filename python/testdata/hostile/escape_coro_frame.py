async def c():
    return 1
co = c()
try:
    co.cr_frame
finally:
    co.close()
# raises: AttributeError
