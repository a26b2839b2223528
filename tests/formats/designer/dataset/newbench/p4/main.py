import random


def f(xs):
    ys = list(xs)
    random.shuffle(ys)
    return ys
