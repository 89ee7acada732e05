import CNcurses
import TerminalView
