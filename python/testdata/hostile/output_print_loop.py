while True:
    print('x' * 1000)
# limit: output
