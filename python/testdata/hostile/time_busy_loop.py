while True:
    pass
# limit: time
