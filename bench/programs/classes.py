# Class-heavy code: a small hierarchy with properties, dunders and method calls.
class Shape:
    def __init__(self, name):
        self.name = name
    def area(self):
        raise NotImplementedError
    def __lt__(self, other):
        return self.area() < other.area()
    def __repr__(self):
        return f"{type(self).__name__}({self.name!r})"

class Rect(Shape):
    def __init__(self, name, w, h):
        super().__init__(name)
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
    @property
    def perimeter(self):
        return 2 * (self.w + self.h)

class Square(Rect):
    def __init__(self, name, s):
        super().__init__(name, s, s)

class Circle(Shape):
    def __init__(self, name, r):
        super().__init__(name)
        self.r = r
    def area(self):
        return 3.14159 * self.r * self.r
    @property
    def perimeter(self):
        return 2 * 3.14159 * self.r

shapes = []
for i in range(30000):
    k = i % 3
    if k == 0:
        shapes.append(Rect("r%d" % i, i % 17 + 1, i % 5 + 1))
    elif k == 1:
        shapes.append(Square("s%d" % i, i % 9 + 1))
    else:
        shapes.append(Circle("c%d" % i, i % 7 + 1))
total = sum(s.area() for s in shapes)
per = sum(s.perimeter for s in shapes)
biggest = max(shapes)
return round(total, 2), round(per, 2), repr(biggest)
