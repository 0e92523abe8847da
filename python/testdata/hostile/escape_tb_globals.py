try:
    1 / 0
except ZeroDivisionError as e:
    e.__traceback__.tb_frame.f_globals
# raises: AttributeError
