# Every except* clause that matches part of a large group builds a new
# group of that size; keeping them must end by the memory limit.
g = ExceptionGroup("big", [ValueError(i) if i % 2 else TypeError(i) for i in range(20000)])
keep = []
while True:
    try:
        raise g
    except* ValueError as e:
        keep.append(e)
    except* TypeError as e:
        keep.append(e)
# limit: memory
