import NearbyCore

extension PlacesListViewModel {
    /// The list another screen asks for (Home's "see all", a category chip): here is the request's centre.
    public convenience init(request: PlacesListRequest, context: PlacesContext) {
        var context = context
        context.here = request.center
        let subject: PlacesListSubject
        if let text = request.searchText, !text.isEmpty {
            subject = .search(text)
        } else if let category = request.category {
            subject = .category(category)
        } else {
            subject = .all
        }
        self.init(subject: subject, context: context, radius: request.radius)
    }
}

extension PlaceDetailViewModel {
    /// The detail another screen asks for, showing what it already knows of the place at once.
    public convenience init(request: PlaceDetailRequest, context: PlacesContext) {
        var context = context
        context.here = request.center
        self.init(hit: request.hit, context: context)
    }
}
