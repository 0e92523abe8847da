try:
    pass
finally:
    while True:
        pass
# limit: steps
