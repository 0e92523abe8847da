while True:
    try:
        raise ValueError('storm')
    except ValueError:
        pass
# limit: steps
