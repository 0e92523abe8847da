# issubclass with a first argument that is not a class: a tuple holding no
# class is False (CPython checks arg 1 per class), anything else TypeError;
# type() with one argument takes no keyword arguments.
print(issubclass(42, ()))
print(issubclass("x", ((), ((),))))
for cls in [int, (int,), ((), int), (((int,),),)]:
    try:
        issubclass(42, cls)
    except TypeError as e:
        print("TypeError", e)
print(issubclass(bool, ((), (int,))))
for call in [lambda: type(1, x=1), lambda: type(int, metaclass=type), lambda: type(x=1), lambda: type(1, 2, x=1)]:
    try:
        call()
    except TypeError as e:
        print("TypeError", e)
print(type(1), type("a"))
