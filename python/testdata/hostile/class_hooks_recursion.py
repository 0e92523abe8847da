# The class hooks that stand in for metaclass methods run snippet code:
# one that recurses through isinstance, issubclass, a call or a class statement
# ends with RecursionError, not a Go stack overflow.
class A:
    @classmethod
    def __toolplane_instancecheck__(cls, obj):
        return isinstance(obj, cls)
    @classmethod
    def __toolplane_subclasscheck__(cls, other):
        return issubclass(other, cls)
for f in (lambda: isinstance(1, A), lambda: issubclass(int, A)):
    try:
        f()
    except RecursionError:
        pass
class B:
    @classmethod
    def __toolplane_class_call__(cls, *args):
        return cls(*args)
try:
    B()
except RecursionError:
    pass
class Form:
    def __mro_entries__(self, bases):
        return (object,)
    def __toolplane_new_class__(self, name, bases, ns):
        class Again(self):
            pass
        return Again
form = Form()
class C(form):
    pass
# raises: RecursionError
