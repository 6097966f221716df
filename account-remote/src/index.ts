// The standalone entry: an async boundary so shared singletons are negotiated before anything renders.
import('./bootstrap');
