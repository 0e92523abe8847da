while True:
    pass
# limit: steps
