import DigraphCLI
import Foundation

exit(DigraphMain.run())
